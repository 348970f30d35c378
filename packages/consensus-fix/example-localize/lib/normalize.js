// Text folded to plain lower-case ASCII words: accents removed, punctuation dropped.
function normalize(text) {
  return String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

module.exports = { normalize };
