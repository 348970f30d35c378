const { normalize } = require('./normalize');

/** "Crème Brûlée!" -> "creme-brulee" */
function slugify(text) {
  const words = normalize(text).split(' ').filter(Boolean);
  return words.join('-');
}

module.exports = { slugify };
