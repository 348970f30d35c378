// Tags as people type them ("Node JS, node js, Go") <-> URL slugs.
const { slugify } = require('./slug');
const { parseTags, formatTags } = require('./tags');

module.exports = { slugify, parseTags, formatTags };
