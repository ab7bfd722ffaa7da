import type { CommonDictionary } from './zh';

export const en: CommonDictionary = {
  appTitle: 'Bee Task Sharing System',
  pageTitle: '{{page}} - {{app}}',
  loading: 'Loading',
  request: {
    tipTitle: 'Notice',
    sessionExpired: 'Your session has expired. Please sign in again.',
    signedInElsewhere:
      'This account has signed in somewhere else. Please change your password or sign in again.',
    loggedOutTitle: 'Confirm sign-out',
    loggedOut: 'You have been signed out. You can cancel to stay on this page, or sign in again.',
    relogin: 'Sign in again',
    cancel: 'Cancel',
    ok: 'OK',
    error: 'Error',
    timeout: 'The request timed out',
    serverError: 'Server error',
    downloadFailed: 'The file could not be downloaded. Please try again.',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFound: 'Sorry, the page you visited does not exist or has been removed.',
    unauthorizedTitle: 'Access denied',
    unauthorized:
      'Sorry, you are not allowed to view this page. Please contact an administrator if you need access.',
    backHome: 'Back to home',
    crashedTitle: 'The page failed to load',
    crashed:
      'The page could not be loaded. The network may be down or the system was just updated. Please reload and try again.',
    reload: 'Reload',
  },
  dashboard: {
    title: 'Home',
  },
  auth: {
    noMenuPermission: 'Could not get the menu permissions of the signed-in account!',
  },
  user: {
    welcome: 'Welcome, {{username}}',
    changePassword: 'Change password',
    logout: 'Log out',
  },
};
