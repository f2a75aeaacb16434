import { useState } from 'react';

export interface CursorPages {
  /** The cursor of the page shown (undefined for the first). */
  cursor: string | undefined;
  canGoBack: boolean;
  back(): void;
  forward(nextCursor: string): void;
  /** Back to the first page (the filters changed). */
  reset(): void;
}

/** The pages visited of a cursor-paginated list, so "Previous page" returns to the cursor it came from. */
export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    canGoBack: cursors.length > 1,
    back: () => setCursors(cursors.slice(0, -1)),
    forward: (nextCursor) => setCursors([...cursors, nextCursor]),
    reset: () => setCursors([undefined]),
  };
}

/** Previous and next buttons of a list; next is off when the API gave no `nextCursor`. */
export function Pager({ pages, nextCursor }: { pages: CursorPages; nextCursor: string | null | undefined }) {
  return (
    <div className="pager">
      <button type="button" disabled={!pages.canGoBack} onClick={pages.back}>
        Previous page
      </button>
      <button type="button" disabled={!nextCursor} onClick={() => nextCursor && pages.forward(nextCursor)}>
        Next page
      </button>
    </div>
  );
}
