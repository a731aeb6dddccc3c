/** @type {import('jest').Config} */
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/host-shell',
    '<rootDir>/mfe-catalog',
    '<rootDir>/mfe-apps',
    '<rootDir>/mfe-server-settings',
    '<rootDir>/mfe-organization',
  ],
};
