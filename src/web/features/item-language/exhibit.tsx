import { Maximize2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ExhibitView } from '../../../domain/contracts/exhibit';
import { DataTable } from '../../components/ui/data-table';

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const ZOOMS = [1, 1.5, 2, 3] as const;

function ExhibitBody({ exhibit, zoom = 1 }: { exhibit: ExhibitView; zoom?: number }) {
  if (exhibit.type === 'figure') {
    // An image, not inline markup: nothing in it can run, and its text alternative is its accessible name.
    return (
      <img
        src={svgSource(exhibit.svg)}
        alt={exhibit.alt}
        className="block h-auto max-w-none bg-white"
        style={{ width: `${zoom * 100}%` }}
      />
    );
  }
  return <ExhibitTable exhibit={exhibit} zoom={zoom} bare />;
}

/** The bank's table: its first cell in each row names the row; the zoom scales the text. */
function ExhibitTable({
  exhibit,
  zoom = 1,
  bare = false,
}: {
  exhibit: Extract<ExhibitView, { type: 'table' }>;
  zoom?: number;
  bare?: boolean;
}) {
  return (
    <DataTable
      look="content"
      bare={bare}
      label={exhibit.title}
      tableClassName="text-sm tabular-nums"
      tableStyle={{ fontSize: `${zoom * 0.875}rem` }}
      rows={exhibit.rows}
      // A table's rows and cells are fixed content in a fixed order: their place is their key.
      rowKey={(_, r) => String(r)}
      columns={exhibit.columns.map((header, c) => ({
        key: String(c),
        header,
        rowHeader: c === 0,
        cell: (row: string[]) => row[c],
      }))}
    />
  );
}

/**
 * A question's exhibit: a figure or a data table under the stem, as ASE's tests show them. It fits
 * the width of a 375 px phone; a tap opens it full screen, where it zooms (buttons, or the browser's pinch
 * zoom) and pans. A screen reader reads the figure's text alternative; read-aloud reads it too (withExhibit).
 * Loaded by ExhibitSlot only when an item has an exhibit.
 */
export default function Exhibit({ exhibit }: { exhibit: ExhibitView }) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const openLabel = intl.formatMessage({ id: 'exhibit.open' }, { title: exhibit.title });
  return (
    <figure className="my-4 rounded-xl bg-white p-2 ring-1 ring-slate-300" data-exhibit={exhibit.type}>
      <figcaption className="mb-2 flex items-start justify-between gap-2 px-1 text-sm font-semibold text-slate-800">
        <span>{exhibit.title}</span>
        <button
          type="button"
          onClick={() => {
            setZoom(0);
            setOpen(true);
          }}
          aria-label={openLabel}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-lg px-2 text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Maximize2 className="h-4 w-4" aria-hidden="true" />
          <span className="text-xs font-medium">
            <FormattedMessage id="exhibit.fullScreen" />
          </span>
        </button>
      </figcaption>
      {exhibit.type === 'figure' ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => setOpen(true)}
          className="block w-full cursor-zoom-in"
        >
          <ExhibitBody exhibit={exhibit} />
        </button>
      ) : (
        // The table scrolls inside its own box on a phone (DataTable's `w-0 min-w-full`), never widening the page.
        <ExhibitTable exhibit={exhibit} />
      )}
      {exhibit.type === 'figure' && (
        // The figure's own image is hidden from the tree inside its button; its text alternative stays readable.
        <p className="sr-only">{exhibit.alt}</p>
      )}
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-label={exhibit.title}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-white p-0 backdrop:bg-slate-900/60"
      >
        {open && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
              <h2 className="text-base font-semibold text-slate-900">{exhibit.title}</h2>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => setZoom((z) => Math.max(0, z - 1))}
                  disabled={zoom === 0}
                  aria-label={intl.formatMessage({ id: 'exhibit.zoomOut' })}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ZoomOut className="h-5 w-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                  disabled={zoom === ZOOMS.length - 1}
                  aria-label={intl.formatMessage({ id: 'exhibit.zoomIn' })}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ZoomIn className="h-5 w-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  aria-label={intl.formatMessage({ id: 'common.close' })}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
                >
                  <X className="h-5 w-5" aria-hidden="true" />
                </button>
              </div>
            </div>
            {/* Scrollable when zoomed: the keyboard scrolls it too (arrow keys once it has focus). */}
            <section
              aria-label={exhibit.title}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it
              tabIndex={0}
              className="flex-1 overflow-auto p-3 focus-visible:outline-2 focus-visible:outline-blue-600"
              style={{ touchAction: 'pan-x pan-y pinch-zoom' }}
            >
              <ExhibitBody exhibit={exhibit} zoom={ZOOMS[zoom]} />
            </section>
          </div>
        )}
      </dialog>
    </figure>
  );
}
