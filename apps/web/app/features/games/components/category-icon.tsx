/**
 * A game category's icon in the hall (its chips and row titles): the operator's image, or, when there is none or it
 * fails to load, the category's initial in a badge — never a broken image. Decorative either way: the category's name
 * beside it is the link's and the heading's accessible name.
 */
import { useEffect, useRef, useState } from 'react';

export function CategoryIcon({ src, name, size }: { src?: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration (no React handler yet) shows complete with no width.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && src) setFailed(src);
  }, [src]);
  if (src && failed !== src)
    return (
      <img
        ref={ref}
        src={src}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(src)}
        data-testid="category-icon"
      />
    );
  const initial = [...name.trim()][0]?.toLocaleUpperCase() ?? '';
  return (
    <span
      aria-hidden="true"
      data-testid="category-icon-fallback"
      className="inline-grid shrink-0 place-items-center rounded-md bg-[var(--surface-hover)] font-bold leading-none text-[var(--accent)]"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.6) }}
    >
      {initial}
    </span>
  );
}
