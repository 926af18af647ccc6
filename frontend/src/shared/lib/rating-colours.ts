import { RATING_COLOURS } from '@labelwise/domain/contracts';

/** The colours as Chakra semantic tokens: `rating.{tone}.solid`, `.contrast`, `.fg`. */
export function ratingColourTokens() {
  return Object.fromEntries(
    Object.entries(RATING_COLOURS).map(([tone, { solid, onSolid, fg }]) => [
      tone,
      {
        solid: { value: solid },
        contrast: { value: onSolid },
        fg: { value: { base: fg.light, _dark: fg.dark } },
      },
    ]),
  );
}
