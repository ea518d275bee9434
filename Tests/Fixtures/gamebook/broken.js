// A story whose second page is missing a comma.
module.exports = {
  start: { text: "A door.", options: [{ label: "Open", goto: "hall" }] }
  hall: { text: "A hall." },
};
