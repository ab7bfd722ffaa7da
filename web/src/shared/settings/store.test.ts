import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, uiActions, uiState } from './store';

beforeEach(() => uiActions.reload());

describe('UI settings (the product specification)', () => {
  it('defaults: sidebar open, size medium, theme #349cff, tags view on, fixed header and logo off', () => {
    expect(uiState()).toMatchObject({ sidebarOpened: true, size: 'medium', settings: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toEqual({ theme: '#349cff', tagsView: true, fixedHeader: false, sidebarLogo: false });
  });

  it('keeps the sidebar state in the sidebarStatus cookie', () => {
    uiActions.toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    uiActions.toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
    Cookies.set('sidebarStatus', '0');
    uiActions.reload();
    expect(uiState().sidebarOpened).toBe(false);
  });

  it('keeps the size in the size cookie; unknown values fall back to medium', () => {
    uiActions.setSize('small');
    expect(Cookies.get('size')).toBe('small');
    Cookies.set('size', 'huge');
    uiActions.reload();
    expect(uiState().size).toBe('medium');
    Cookies.set('size', 'mini');
    uiActions.reload();
    expect(uiState().size).toBe('small');
  });

  it('remembers the panel settings across a reload', () => {
    uiActions.changeSetting('theme', '#13c2c2');
    uiActions.changeSetting('tagsView', false);
    uiActions.reload();
    expect(uiState().settings).toMatchObject({ theme: '#13c2c2', tagsView: false });
  });
});

describe('device (the product specification: 992 px)', () => {
  it('mobile closes the sidebar without touching the cookie; desktop restores the cookie state', () => {
    Cookies.set('sidebarStatus', '1');
    uiActions.reload();
    uiActions.setDevice('mobile');
    expect(uiState()).toMatchObject({ device: 'mobile', sidebarOpened: false, withoutAnimation: true });
    uiActions.toggleSidebar();
    expect(uiState().sidebarOpened).toBe(true);
    uiActions.closeSidebar(false);
    expect(uiState().sidebarOpened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('1');
    uiActions.setDevice('desktop');
    expect(uiState().sidebarOpened).toBe(true);
  });
});

describe('first render', () => {
  it('on a phone the sidebar starts closed, without the slide animation, before the shell has measured anything', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === '(max-width: 992px)' })) as typeof window.matchMedia;
    try {
      Cookies.set('sidebarStatus', '1');
      uiActions.reload();
      expect(uiState()).toMatchObject({ device: 'mobile', sidebarOpened: false, withoutAnimation: true });
    } finally {
      window.matchMedia = original;
    }
  });

  it('on a desktop nothing animates on the first render either; the first toggle does', () => {
    expect(uiState()).toMatchObject({ device: 'desktop', sidebarOpened: true, withoutAnimation: true });
    uiActions.toggleSidebar();
    expect(uiState().withoutAnimation).toBe(false);
  });
});
