/** Every source file Sofra's screens are built from, with the emoji written in it. */
export function emojiInSources(repoRoot: string): { file: string; emoji: string[] }[];
