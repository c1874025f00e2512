// The engine's card notation (docs/api.md), in one place for every reader of
// it: a rank 1-7, 10, 11 or 12, then the suit letter O, C, E or B ("1O",
// "12E").  Kept apart from the card art so that a reader of links or of a
// friend's messages does not load the drawings.

/** A card's notation, unanchored, capturing its rank and its suit letter. */
export const CARD_PATTERN = "(1[0-2]|[1-7])([OCEB])";
/** A whole string that is one card in notation: exec gives [card, rank, suit]. */
export const CARD_RE = new RegExp(`^${CARD_PATTERN}$`);
/** A whole string that is one suit letter. */
export const SUIT_RE = /^[OCEB]$/;
