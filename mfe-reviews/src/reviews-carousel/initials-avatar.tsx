/** Up to two initials: 'Ana Cruz' → 'AC', 'anonymous' → 'A'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]];
  return letters.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join('');
}

// Dark enough for white initials (WCAG AA, 4.5:1).
const COLOURS = ['#a8231b', '#1f5f3a', '#173b6c', '#6b3f91', '#8a4b08', '#2f4f4f'];

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

/** Drawn here from the name (docs/decisions.md 3): no avatar service sees it. */
export function InitialsAvatar({ name }: { name: string }) {
  return (
    <span className="review-avatar" style={{ backgroundColor: colourOf(name) }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
