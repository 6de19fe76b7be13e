/** The header search's suggestions (issue 34 item 1, decision 159): what the route answers and the box shows. */
export const SUGGESTION_LIMIT = 8;
/** Characters typed before suggestions are asked for. */
export const SUGGESTION_MIN_LENGTH = 2;
/** The longest query suggestions are asked for (the route refuses longer ones). */
export const SUGGESTION_MAX_LENGTH = 100;

export interface Suggestion {
  name: string;
  code: string;
  href: string;
}
