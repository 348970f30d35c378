const { slugify } = require('./slug');

/** "Node JS, node js, Go" -> ["node-js", "go"]: one slug per tag, the first spelling wins, no duplicates. */
function parseTags(text) {
  const raw = String(text).split(',').map((tag) => tag.trim()).filter(Boolean);
  const unique = raw.filter((tag, i) => raw.indexOf(tag) === i);
  return unique.map((tag) => slugify(tag)).filter(Boolean);
}

function formatTags(tags) {
  return tags.map((tag) => `#${tag}`).join(' ');
}

module.exports = { parseTags, formatTags };
