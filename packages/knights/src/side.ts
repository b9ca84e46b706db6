/** The two sides, by their letter in the notation: Romans (R) and Huns (H). */
export type Side = 'R' | 'H';
