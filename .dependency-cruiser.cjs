/**
 * The house's layers, held in `npm run lint` (`depcruise`). One mechanism for import boundaries:
 * ESLint keeps only the domain's syntax rules (no clock, no randomness).
 * @type {import('dependency-cruiser').IConfiguration}
 */
const CONTRACT = '^api/[^.]+/contract\\.ts$';

/** A layer that takes from the outer folders only the answer types declared in api/<capability>/contract.ts, as types. */
function takesOnlyContractTypes(layer, outer, comment) {
  const from = { path: `^${layer}/` };
  return [
    {
      name: `${layer}-takes-only-contract-types`,
      severity: 'error',
      comment,
      from,
      to: { path: outer, pathNot: CONTRACT },
    },
    {
      name: `${layer}-takes-contracts-as-types`,
      severity: 'error',
      from,
      to: { path: CONTRACT, dependencyTypesNot: ['type-only'] },
    },
  ];
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circles, type-only ones included: a type both sides use moves to a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'The domain imports nothing of ours outside domain/, and no I/O: pass it in.',
      from: { path: '^domain/' },
      to: {
        pathNot: ['^domain/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domain-imports-no-outer-types',
      severity: 'error',
      comment: 'Not even types from the outer layers: the domain declares what it needs.',
      from: { path: '^domain/' },
      to: { path: '^(api|projections|web|scripts|tests)/' },
    },
    ...takesOnlyContractTypes(
      'projections',
      '^(api|web|scripts|tests)/',
      'Projections build read models from domain events; from api/ they take only the answer types of api/**/contract.ts.',
    ),
    {
      name: 'adapters-import-no-capability',
      severity: 'error',
      comment:
        'api/adapters/ is the floor the capabilities stand on: it imports the infrastructure beside it, the port types it implements (declared by their user) and declared answer types (contract.ts), nothing else of api/.',
      from: { path: '^api/adapters/' },
      to: {
        path: '^api/',
        pathNot: [
          '^api/adapters/',
          '^api/db/',
          '^api/logging/',
          '^api/metrics/',
          '^api/settings\\.ts$',
          '^api/install-dir\\.ts$',
          '^api/portals/types\\.ts$',
          '^api/portals/secrets\\.ts$',
          '^api/[^.]+/contract\\.ts$',
        ],
      },
    },
    {
      name: 'stand-ins-only-from-the-composition-root',
      severity: 'error',
      comment:
        'The stand-ins for HubSpot and Stripe (api/sandbox/) are composed by the composition root; nothing else of the product imports them (tests and scripts may).',
      from: { path: '^(api|domain|projections|web)/', pathNot: ['^api/sandbox/', '^api/system\\.ts$'] },
      to: { path: '^api/sandbox/' },
    },
    ...takesOnlyContractTypes(
      'web',
      '^(api|projections|scripts|tests)/',
      'The web app takes only types from the API (its answers, declared in api/**/contract.ts) and the domain.',
    ),
    {
      name: 'features-are-closed',
      severity: 'error',
      comment:
        'A web feature imports web/src/lib, web/src/ui, its own folder and the route paths, never another feature or the rest of web/src/app (bulletproof-react).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/(features|app)/',
        pathNot: ['^web/src/features/$1/', '^web/src/app/paths\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|bench-results|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
