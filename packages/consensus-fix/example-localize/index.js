module.exports = require('./lib');
