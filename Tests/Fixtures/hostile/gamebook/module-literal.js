// A gamebook as a JS module.
const shared = { text: 'Go back', nextText: 1 };
export default {
  start: 1,
  pages: [
    { id: 1, text: `You wake up, ${'friend'}.`, options: [{ text: 'Dig', nextText: 2 }, { text: "Wait", nextText: 3 }, ...[]] },
    { id: 2, text: 'A cellar.', options: [shared, { text: 'Restart', nextText: -1 }] },
    { id: 3, text: 'The end.', options: [] },
  ],
};
