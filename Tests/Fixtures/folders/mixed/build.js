const config = { minify: true, targets: ["es2020"] };
module.exports = config;
