import { startEarlyRequestsInBrowser } from './shell/early-requests';

// Signed in: the first API data loads while the shared libraries do (used by the API client).
startEarlyRequestsInBrowser();
// Async boundary: Module Federation negotiates shared singletons before the app's code runs.
import('./bootstrap');
// Signed in (session cookie, not the login page): fetch the shell's code beside the bootstrap.
const signedIn = document.cookie.includes('access_token=') && !window.location.hash.startsWith('#/login');
if (signedIn) void import('./pages/ProtectedLayout');
