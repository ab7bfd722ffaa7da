import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

/**
 * The workspace's UI state (the product specification; frontend-anchors §1.7, §1.10, §1.14):
 * - sidebar open/closed in the cookie `sidebarStatus` ('1' open, '0' closed; absent: open);
 * - component size in the cookie `size` (default 'medium');
 * - device: 'mobile' at a width of 992 px or less (set by the shell);
 * - the settings panel's values (theme colour, tags view, fixed header, sidebar logo), kept in
 *   localStorage so that a reload keeps them (upstream keeps them in memory only); logout clears
 *   localStorage and with it these choices.
 */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
const SETTINGS_KEY = 'beehive.settings';

export const SIZES = ['default', 'medium', 'small'] as const;
export type UiSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: UiSize = 'medium';

/** antd's component size for each of the upstream size names ('mini' from old cookies counts as small). */
export const ANTD_SIZE: Record<UiSize, 'large' | 'middle' | 'small'> = { default: 'large', medium: 'middle', small: 'small' };

export interface PanelSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: PanelSettings = {
  theme: '#349cff',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

export interface UiState {
  sidebarOpened: boolean;
  /** Close the sidebar without its animation (mobile start, resize). */
  withoutAnimation: boolean;
  device: 'desktop' | 'mobile';
  size: UiSize;
  settings: PanelSettings;
}

function readSize(): UiSize {
  const saved = Cookies.get(SIZE_COOKIE);
  if (saved === 'mini') return 'small';
  return (SIZES as readonly string[]).includes(saved ?? '') ? (saved as UiSize) : DEFAULT_SIZE;
}

function readSettings(): PanelSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<PanelSettings>;
    return {
      theme: typeof saved.theme === 'string' && /^#[0-9a-f]{6}$/i.test(saved.theme) ? saved.theme : DEFAULT_SETTINGS.theme,
      tagsView: typeof saved.tagsView === 'boolean' ? saved.tagsView : DEFAULT_SETTINGS.tagsView,
      fixedHeader: typeof saved.fixedHeader === 'boolean' ? saved.fixedHeader : DEFAULT_SETTINGS.fixedHeader,
      sidebarLogo: typeof saved.sidebarLogo === 'boolean' ? saved.sidebarLogo : DEFAULT_SETTINGS.sidebarLogo,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Spec §2.4/§9: 992 px or less is a mobile device. */
export const MOBILE_QUERY = '(max-width: 992px)';

function detectDevice(): UiState['device'] {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

/**
 * The device is known before the first render, so a phone's first frame already has the sidebar
 * closed, and nothing animates on the first render (vue-element-admin: no transition at start).
 */
function initialState(): UiState {
  const device = detectDevice();
  return {
    sidebarOpened: device === 'desktop' && Cookies.get(SIDEBAR_COOKIE) !== '0',
    withoutAnimation: true,
    device,
    size: readSize(),
    settings: readSettings(),
  };
}

let state: UiState = initialState();
const listeners = new Set<() => void>();

function set(next: Partial<UiState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getState = () => state;

export function useUi(): UiState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function uiState(): UiState {
  return state;
}

export const uiActions = {
  /** The hamburger. On a desktop the choice is remembered in the cookie; the mobile overlay is not. */
  toggleSidebar(): void {
    const opened = !state.sidebarOpened;
    if (state.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar(withoutAnimation: boolean): void {
    if (state.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, '0');
    if (state.sidebarOpened) set({ sidebarOpened: false, withoutAnimation });
  },
  /**
   * Mobile: the sidebar closes at once (no animation) and becomes an overlay. Back on a desktop it
   * opens as the cookie says (upstream writes '0' on a phone and never re-opens it).
   */
  setDevice(device: UiState['device']): void {
    if (state.device === device) return;
    if (device === 'mobile') set({ device, sidebarOpened: false, withoutAnimation: true });
    else set({ device, sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: true });
  },
  setSize(size: UiSize): void {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
  changeSetting<K extends keyof PanelSettings>(key: K, value: PanelSettings[K]): void {
    const settings = { ...state.settings, [key]: value };
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // Private mode: the choice holds until the page is reloaded.
    }
    set({ settings });
  },
  /** Re-reads cookies and storage (tests; a new sign-in after logout cleared the storage). */
  reload(): void {
    state = initialState();
    for (const listener of listeners) listener();
  },
};
