/** Public entry of statistics: nothing is used by other features yet (the screens are lazy routes). */
export {};
