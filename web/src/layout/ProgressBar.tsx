import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

type Phase = 'idle' | 'running' | 'done';

/**
 * A thin progress bar at the top of the window on route changes (what NProgress does upstream):
 * it runs while a navigation loads (lazy pages) and completes when the new page is shown.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const { key } = useLocation();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [run, setRun] = useState({ key, count: 0 });

  if (busy && phase !== 'running') setPhase('running');
  if (!busy && phase === 'running') setPhase('done');
  if (run.key !== key) {
    setRun({ key, count: run.count + 1 });
    if (!busy) setPhase('done');
  }

  useEffect(() => {
    if (phase !== 'done') return undefined;
    const timer = window.setTimeout(() => setPhase('idle'), 500);
    return () => window.clearTimeout(timer);
  }, [phase, run.count]);

  return <div key={run.count} className={`bh-progress bh-progress--${phase}`} role="presentation" />;
}
