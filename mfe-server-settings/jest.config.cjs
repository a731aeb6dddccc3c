/** @type {import('jest').Config} */
module.exports = { displayName: 'mfe-server-settings', preset: '../shared/test/jest-preset.cjs' };
