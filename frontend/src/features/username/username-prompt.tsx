/** Globally mounted 'Choose Your Username' prompt (spec §4); filled in by issue #10. */
export function UsernamePrompt() {
  return null;
}
