import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ComposeProgress, parseSize, type OutputStream } from './compose-progress.js';

/** Feeds lines as compose printed them, with a clock that moves one second per line. */
function read(project: string, lines: [OutputStream, string][]): ComposeProgress {
  let clock = 0;
  const progress = new ComposeProgress(project, 0, () => clock);
  for (const [stream, line] of lines) {
    clock += 1000;
    progress.line(line, stream);
  }
  return progress;
}

// Recorded from docker-compose 1.29 `up -d` of a project with a build and a second service (stderr
// and stdout as the agent receives them: the service name on stderr, the builder's steps on stdout).
const V1_BUILD_AND_UP: [OutputStream, string][] = [
  ['stderr', 'Creating network "h14prec_default" with the default driver'],
  ['stderr', 'Building web'],
  ['stdout', 'Sending build context to Docker daemon  6.144kB\r'],
  ['stdout', 'Step 1/3 : FROM h14prog-base:1'],
  ['stdout', ' ---> 7e06ddda5260'],
  ['stdout', 'Step 2/3 : RUN echo building step one && sleep 1 && echo done one'],
  ['stdout', ' ---> Running in af91cbeab964'],
  ['stdout', 'building step one'],
  ['stdout', 'done one'],
  ['stdout', 'Successfully built ea9cbb79914d'],
  ['stdout', 'Successfully tagged h14prog-built:1'],
  ['stderr', 'DEPRECATED: The legacy builder is deprecated and will be removed in a future release.'],
  ['stderr', 'Creating h14prec_web_1 ... '],
  ['stderr', 'Creating h14prec_other_1 ... '],
  ['stderr', 'Creating h14prec_other_1 ... done'],
  ['stderr', 'Creating h14prec_web_1   ... done'],
];

test('v1: the build streams per service, then each container is created and started, with its time', () => {
  const progress = read('h14prec', V1_BUILD_AND_UP).snapshot();
  assert.equal(progress.step, 'starting');
  assert.equal(progress.builds.length, 1);
  const build = progress.builds[0]!;
  assert.equal(build.service, 'web');
  assert.equal(build.done, true);
  assert.ok(build.lines.includes('building step one'), build.lines.join('\n'));
  assert.ok(build.lines.includes('Step 1/3 : FROM h14prog-base:1'));
  assert.deepEqual(progress.services, [
    { service: 'web', state: 'started', at_ms: 16_000 },
    { service: 'other', state: 'started', at_ms: 15_000 },
  ]);
});

test('v1: build output that arrives before compose names the service is kept for it', () => {
  const progress = read('p', [
    ['stdout', 'Step 1/2 : FROM base'],
    ['stderr', 'Building api'],
    ['stdout', 'Step 2/2 : RUN make'],
  ]).snapshot();
  assert.equal(progress.step, 'building');
  assert.deepEqual(progress.builds, [
    { service: 'api', done: false, lines: ['Step 1/2 : FROM base', 'Step 2/2 : RUN make'] },
  ]);
});

// Compose v1 prints a line per container or image as it begins, then the line again with how it
// ended: each row is such an output, and the step and the state per service it comes to.
for (const { name, printed, step, list, states } of [
  {
    name: 'v1: recreated and failed containers, another project ignored',
    printed: [
      'Recreating proj_web_1 ... ',
      'Recreating proj_db_1  ... ',
      'Recreating proj_db_1  ... error',
      'Creating other_web_1 ... done',
    ],
    step: 'starting',
    list: 'services',
    states: [
      ['web', 'recreating'],
      ['db', 'failed'],
    ],
  },
  {
    name: 'v1: a pull per service, done or failed',
    printed: [
      'Pulling web   ... ',
      'Pulling other ... ',
      'Pulling web   ... done',
      'Pulling other ... error',
    ],
    step: 'pulling',
    list: 'images',
    states: [
      ['web', 'pulled'],
      ['other', 'failed'],
    ],
  },
] as const) {
  test(name, () => {
    const progress = read(
      'proj',
      printed.map((line): [OutputStream, string] => ['stderr', line]),
    ).snapshot();
    assert.equal(progress.step, step);
    assert.deepEqual(
      progress[list].map(({ service, state }) => [service, state]),
      states,
    );
  });
}

// Compose v2's plain output (cannot run on these machines: the shapes of its documented lines).
test('v2: layers and bytes per image, then containers up to healthy', () => {
  const progress = read('shop', [
    ['stderr', ' db Pulling '],
    ['stderr', ' a2abf6c4d29d Pulling fs layer '],
    ['stderr', ' 9c2e3bcd7a28 Pulling fs layer '],
    ['stderr', ' a2abf6c4d29d Downloading [=====>          ]  10.5MB/31.37MB'],
    ['stderr', ' 9c2e3bcd7a28 Downloading [=>              ]  512kB/2MB'],
    ['stderr', ' 9c2e3bcd7a28 Pull complete '],
  ]);
  const pulling = progress.snapshot();
  assert.equal(pulling.step, 'pulling');
  assert.deepEqual(pulling.images, [
    {
      service: 'db',
      state: 'pulling',
      layers_total: 2,
      layers_done: 1,
      bytes_done: 12_500_000,
      bytes_total: 33_370_000,
    },
  ]);
  for (const line of [
    ' db Pulled ',
    ' Network shop_default  Creating',
    ' Container shop-db-1  Creating',
    ' Container shop-db-1  Created',
    ' Container shop-db-1  Starting',
    ' Container shop-db-1  Started',
    ' Container shop-db-1  Waiting',
    ' Container shop-db-1  Healthy',
  ])
    progress.line(line, 'stderr');
  const done = progress.snapshot();
  assert.equal(done.images[0]?.state, 'pulled');
  assert.equal(done.images[0]?.layers_done, 2);
  assert.deepEqual(
    done.services.map(({ service, state }) => [service, state]),
    [['db', 'healthy']],
  );
});

test('v2: BuildKit steps are kept per service, the last lines only', () => {
  const lines: [OutputStream, string][] = [['stderr', '#5 [api 2/3] RUN make']];
  for (let n = 0; n < 50; n += 1) lines.push(['stderr', `#5 0.${n} compiling ${n}`]);
  const build = read('p', lines).snapshot().builds[0]!;
  assert.equal(build.service, 'api');
  assert.equal(build.lines.length, 30);
  assert.equal(build.lines.at(-1), '#5 0.49 compiling 49');
});

test('lines it does not know change nothing', () => {
  const progress = new ComposeProgress('p', 0);
  assert.equal(progress.line('WARNING: something compose says', 'stderr'), false);
  assert.equal(progress.line('', 'stderr'), false);
  assert.deepEqual(progress.snapshot(), {
    step: 'preparing',
    cancelled: false,
    images: [],
    builds: [],
    services: [],
  });
});

test('sizes in Docker units', () => {
  assert.equal(parseSize('1.2MB'), 1_200_000);
  assert.equal(parseSize('512kB'), 512_000);
  assert.equal(parseSize('7B'), 7);
  assert.equal(parseSize('what'), 0);
});

// The Docker engine's pull stream (POST /images/create), as the agent reads it under Compose v1:
// the shapes Docker 20.10 sends for an image of two layers.
test('v1: an image the agent pulls through the engine shows its layers and bytes as they download', () => {
  let clock = 0;
  const progress = new ComposeProgress('proj', 0, () => clock);
  progress.imagePull(['web', 'worker'], 'pulling');
  const events = [
    { status: 'Pulling from shop/web', id: '2' },
    { status: 'Pulling fs layer', progressDetail: {}, id: 'a2abf6c4d29d' },
    { status: 'Pulling fs layer', progressDetail: {}, id: '9c2e3bcd7a28' },
    { status: 'Downloading', progressDetail: { current: 65_536, total: 1_048_576 }, id: 'a2abf6c4d29d' },
    { status: 'Downloading', progressDetail: { current: 100_000, total: 500_000 }, id: '9c2e3bcd7a28' },
    { status: 'Verifying Checksum', progressDetail: {}, id: '9c2e3bcd7a28' },
    { status: 'Download complete', progressDetail: {}, id: '9c2e3bcd7a28' },
    // Extraction counts its own bytes: the download stays complete.
    { status: 'Extracting', progressDetail: { current: 32_768, total: 500_000 }, id: '9c2e3bcd7a28' },
    { status: 'Pull complete', progressDetail: {}, id: '9c2e3bcd7a28' },
  ];
  for (const event of events) {
    clock += 100;
    progress.enginePullEvent(['web', 'worker'], event);
  }
  const downloading = progress.snapshot();
  assert.equal(downloading.step, 'pulling');
  assert.deepEqual(downloading.images, [
    {
      service: 'web',
      state: 'pulling',
      layers_total: 2,
      layers_done: 1,
      bytes_done: 565_536,
      bytes_total: 1_548_576,
    },
    {
      service: 'worker',
      state: 'pulling',
      layers_total: 2,
      layers_done: 1,
      bytes_done: 565_536,
      bytes_total: 1_548_576,
    },
  ]);
  // Lines without a layer (the tag, the digest, the status) change nothing.
  assert.equal(progress.enginePullEvent(['web'], { status: 'Digest: sha256:4b8e…' }), false);
  assert.equal(progress.enginePullEvent(['web'], { status: 'Pulling from shop/web', id: '2' }), false);
  progress.enginePullEvent(['web', 'worker'], {
    status: 'Pull complete',
    progressDetail: {},
    id: 'a2abf6c4d29d',
  });
  progress.imagePull(['web', 'worker'], 'pulled');
  assert.deepEqual(
    progress
      .snapshot()
      .images.map((image) => [image.service, image.state, image.layers_done, image.bytes_done]),
    [
      ['web', 'pulled', 2, 1_548_576],
      ['worker', 'pulled', 2, 1_548_576],
    ],
  );
});
