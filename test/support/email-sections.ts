/** The prefix of every finding id of an email-security section: its name in kebab case (`mtaSts`: `mta-sts-`). */
export const findingPrefixOf = (section: string): string =>
  `${section.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-`;
