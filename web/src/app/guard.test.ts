import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardDecision, type GuardInput } from './guard';

const ADMIN = ['admin:user:table', 'admin:statistics:wait'];

function input(overrides: Partial<GuardInput>): GuardInput {
  return { pathname: '/dashboard', search: '', hasToken: true, roles: ADMIN, required: [], ...overrides };
}

const allow: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to });

describe('navigation guard (the product specification)', () => {
  it.each<[string, Partial<GuardInput>, GuardDecision]>([
    // A signed-in user visiting /login goes home, whatever the state of the roles.
    ['signed in, /login', { pathname: '/login' }, redirect('/')],
    ['signed in, /login?redirect=…', { pathname: '/login', search: '?redirect=%2Fx' }, redirect('/')],
    ['signed in, /login/, roles not loaded', { pathname: '/login/', roles: undefined }, redirect('/')],

    // Without a token only /login and /auth-redirect are open.
    ['no token, /login', { hasToken: false, roles: undefined, pathname: '/login' }, allow],
    ['no token, /login?redirect=…', { hasToken: false, roles: undefined, pathname: '/login', search: '?redirect=%2F' }, allow],
    ['no token, /auth-redirect', { hasToken: false, roles: undefined, pathname: '/auth-redirect', search: '?code=1' }, allow],
    ['no token, /dashboard', { hasToken: false, roles: undefined }, redirect('/login?redirect=%2Fdashboard')],
    [
      'no token: the query is kept, encoded',
      { hasToken: false, roles: undefined, pathname: '/business/order', search: '?page=2&q=a b' },
      redirect(`/login?redirect=${encodeURIComponent('/business/order?page=2&q=a b')}`),
    ],
    ['no token, /404', { hasToken: false, roles: undefined, pathname: '/404' }, redirect('/login?redirect=%2F404')],
    ['no token, /401', { hasToken: false, roles: undefined, pathname: '/401' }, redirect('/login?redirect=%2F401')],
    [
      'no token, /redirect/…',
      { hasToken: false, roles: undefined, pathname: '/redirect/dashboard' },
      redirect('/login?redirect=%2Fredirect%2Fdashboard'),
    ],
    [
      'no token: a stale role list changes nothing',
      { hasToken: false, roles: ADMIN, required: ['admin:user:table'] },
      redirect('/login?redirect=%2Fdashboard'),
    ],

    // Roles not loaded yet: load them first, before any permission check.
    ['roles not loaded', { roles: undefined }, { action: 'loadRoles' }],
    ['roles not loaded, guarded route', { roles: undefined, required: ['admin:user:table'] }, { action: 'loadRoles' }],
    ['roles not loaded, /auth-redirect', { roles: undefined, pathname: '/auth-redirect' }, { action: 'loadRoles' }],

    // Routes are filtered by the permission named on them; none means open to all.
    ['no permission on the route', { required: [] }, allow],
    ['no permission on the route, capital user', { roles: ['capital:order:table'] }, allow],
    ['permission held', { required: ['admin:user:table'] }, allow],
    ['section and page permissions held', { required: ['admin:user:table', 'admin:statistics:wait'] }, allow],
    ['permission missing', { required: ['admin:role:table'] }, { action: 'forbidden' }],
    ['one of the nested permissions missing', { required: ['admin:user:table', 'admin:role:table'] }, { action: 'forbidden' }],
    ['capital user on an admin page', { roles: ['capital:order:table'], required: ['admin:user:table'] }, { action: 'forbidden' }],
    ['admin on a capital page', { required: ['capital:order:table'] }, { action: 'forbidden' }],

    // After signing in, a target the new user may not see is replaced by home.
    ['after login, permitted target', { required: ['admin:user:table'], afterLogin: true }, allow],
    ['after login, forbidden target', { required: ['admin:role:table'], afterLogin: true }, redirect('/')],
  ])('%s', (_name, overrides, expected) => {
    expect(decideNavigation(input(overrides))).toEqual(expected);
  });
});
