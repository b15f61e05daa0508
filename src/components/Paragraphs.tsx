/** A plain text's paragraphs: a blank line separates them (the brand's FAQ answers and About body). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Plain text as paragraphs; a single line break inside a paragraph stays one (the class should keep `white-space: pre-line`). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {paragraphsOf(text).map((paragraph, i) => (
        <p key={i} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
