// A release command said no, with a message for the person (or the API's judge) who asked.
class ReleaseRefused extends Error {}

module.exports = { ReleaseRefused };
