// Replaces one text in a module's source; fails the build when the text is not there (the change must be real).
module.exports = function replaceLoader(source) {
  const { from, to } = this.getOptions();
  if (!source.includes(from)) throw new Error(`${this.resourcePath} does not contain ${JSON.stringify(from)}`);
  return source.replace(from, to);
};
