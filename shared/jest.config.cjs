/** @type {import('jest').Config} */
module.exports = { displayName: 'shared', preset: '../shared/test/jest-preset.cjs' };
