/** One jest run over every workspace; `unit` needs nothing, `integration` needs Kafka and the database. */
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }] };
const roots = ['<rootDir>/proto', '<rootDir>/services', '<rootDir>/scripts', '<rootDir>/web'];
const ignore = ['/node_modules/', '/dist/'];

module.exports = {
  projects: [
    { displayName: 'unit', roots, transform, testEnvironment: 'node', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$', '\\.e2e\\.test\\.ts$'] },
    // Its tests wait for brokers, databases and group joins: 30 s by default (scripts/jest/integration-setup.ts).
    { displayName: 'integration', roots, transform, testEnvironment: 'node', testMatch: ['**/*.int.test.ts'], testPathIgnorePatterns: ignore, setupFilesAfterEnv: ['<rootDir>/scripts/jest/integration-setup.ts'] },
    // Real Chromium against the whole system on http://localhost:8080 (scripts/test.ts starts it).
    { displayName: 'browser', roots: ['<rootDir>/web'], transform, testEnvironment: 'node', testMatch: ['**/*.e2e.test.ts'], testPathIgnorePatterns: ignore },
  ],
};
