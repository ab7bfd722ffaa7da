import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { message, Modal, notification } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
import { clearRoles } from '../shared/auth/permissions';

// waitFor/findBy give up after 1 s by default; an antd form's validation on a loaded 2-core
// machine (the CI shares it with builds) can take longer. A wait that succeeds returns as soon as
// it does, so the longer limit only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; antd's responsive helpers ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: () => false,
  });
}

// jsdom has no ResizeObserver; antd's menu and tabs measure themselves with it.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

afterEach(async () => {
  cleanup();
  // The request layer's messages and confirmations are antd's static ones, rendered in roots of
  // their own that cleanup() does not unmount: closed later (a message after its 3 s), they would
  // render after the file's environment is gone ("window is not defined", failing the run).
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  localStorage.clear();
  clearRoles(); // roles live in memory, like a page that was reloaded
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  // Work React scheduled while unmounting (a query answered just before the test ended) runs now,
  // while the DOM exists: left for later, the last test of a file had it run after the file's
  // environment was gone ("window is not defined", an unhandled error that fails the run).
  if (!vi.isFakeTimers()) await new Promise((resolve) => setTimeout(resolve, 20));
});

// The last test's leftovers (an animation frame, a scheduled render) run while the DOM exists.
afterAll(async () => {
  if (!vi.isFakeTimers()) await new Promise((resolve) => setTimeout(resolve, 100));
});
