/** The decisions a rule is written for; each has a title and a text under the locales' help section. */
export type HelpTopic =
  | 'tribes.card'
  | 'tribes.province'
  | 'tribes.influence'
  | 'tribes.second'
  | 'tribes.commit'
  | 'tribes.discard'
  | 'tribes.tiles'
  | 'knights.place'
  | 'knights.pick'
  | 'knights.land'
  | 'knights.scorch';
