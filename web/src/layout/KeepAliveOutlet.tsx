import { Activity, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useTags } from '../shared/tabs/store';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';

/**
 * The page area with keep-alive (the product specification): each open tab whose route is kept alive stays mounted
 * inside React's `<Activity>` — hidden, with its state (filters, page number) — while the user is
 * on another tab; it is unmounted when its tab closes or is refreshed. Entries are keyed by path
 * (the tag identity), so two tabs of the same page component never share or evict each other.
 * The window's scroll position is remembered per tab.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { cached } = useTags();

  const [pages, setPages] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());
  // Keep only the active page and the kept-alive open tabs; remember the active page's element.
  const wanted = [...pages.keys()].filter((key) => key === pathname || cached.includes(key));
  if (!pages.has(pathname) || wanted.length !== pages.size) {
    const next = new Map<string, ReactNode>();
    for (const key of wanted) next.set(key, pages.get(key));
    if (!next.has(pathname)) next.set(pathname, outlet);
    setPages(next);
  }

  useScrollMemory(pathname);

  return (
    <>
      {[...pages.keys()].map((key) => (
        <Activity key={key} mode={key === pathname ? 'visible' : 'hidden'}>
          <div className="bh-page" data-page={key}>
            <Suspense fallback={<LoadingOverlay force />}>{key === pathname ? outlet : pages.get(key)}</Suspense>
          </div>
        </Activity>
      ))}
    </>
  );
}

/** How many frames a restore may wait for the page coming back to be tall enough again. */
const RESTORE_FRAMES = 30;

/**
 * Saves `window.scrollY` per page while it is shown and restores it when the page is shown again.
 * A page coming back from hidden may be revealed some frames later (the document is too short to
 * scroll yet): the restore retries each frame until it holds, and the scroll events it causes
 * (the browser clamping to a short document) are not taken as the user's.
 */
function useScrollMemory(pathname: string): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(pathname);
  const restoring = useRef(false);

  useLayoutEffect(() => {
    current.current = pathname;
    const top = positions.current.get(pathname) ?? 0;
    let frames = 0;
    let frame = 0;
    const attempt = () => {
      if (Math.round(window.scrollY) !== top) window.scrollTo(0, top);
      if (Math.round(window.scrollY) === top || frames >= RESTORE_FRAMES) {
        restoring.current = false;
        return;
      }
      frames += 1;
      frame = window.requestAnimationFrame(attempt);
    };
    restoring.current = true;
    attempt();
    return () => {
      window.cancelAnimationFrame(frame);
      restoring.current = false;
    };
  }, [pathname]);

  useEffect(() => {
    const onScroll = () => {
      if (!restoring.current) positions.current.set(current.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}
