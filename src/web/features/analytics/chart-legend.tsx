/** How a series is drawn, so the legend shows the same shape (never colour alone). */
export type Swatch = 'line-dots' | 'dashed' | 'dotted' | 'bar';

export interface LegendItem {
  swatch: Swatch;
  color: string;
  label: string;
}

function SwatchIcon({ swatch, color }: { swatch: Swatch; color: string }) {
  return (
    <svg width="28" height="12" viewBox="0 0 28 12" aria-hidden="true" className="shrink-0">
      {swatch === 'bar' ? (
        <rect x="6" y="0" width="16" height="12" rx="2" fill={color} />
      ) : (
        <>
          <line
            x1="1"
            y1="6"
            x2="27"
            y2="6"
            stroke={color}
            strokeWidth="2"
            strokeDasharray={swatch === 'dashed' ? '8 4' : swatch === 'dotted' ? '2 4' : undefined}
          />
          {swatch === 'line-dots' && <circle cx="14" cy="6" r="4" fill={color} />}
        </>
      )}
    </svg>
  );
}

/** A chart's legend in HTML: each series' shape beside its name, in readable text. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-slate-800">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <SwatchIcon swatch={item.swatch} color={item.color} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
