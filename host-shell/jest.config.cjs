/** @type {import('jest').Config} */
module.exports = { displayName: 'host-shell', preset: '../shared/test/jest-preset.cjs' };
