import './prose.css';

/**
 * Long text from the locales as paragraphs: blocks are separated by a blank line, and a
 * block whose lines all start with "- " is a bulleted list.
 */
export function Prose({ text, className }: { text: string; className?: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className={className ? `prose ${className}` : 'prose'}>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block}</p>;
      })}
    </div>
  );
}
