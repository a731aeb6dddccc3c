// Writes server/catalog/assets/<id>.svg for every built-in template (`pnpm catalog:logos`): the app's
// own brand mark from the simple-icons package on a 64x64 tile in the brand's colour, or a letter
// mark where simple-icons has no mark for the app. Run it after adding or renaming a template.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import icons from 'simple-icons/icons.json' with { type: 'json' };
import { getIconSlug, svgToPath } from 'simple-icons/sdk';

const catalogDir = fileURLToPath(new URL('../server/catalog/', import.meta.url));
// The package exports its icons folder but not its package.json: find the latter beside the former.
const iconsDir = path.dirname(fileURLToPath(import.meta.resolve('simple-icons/icons/simpleicons.svg')));
const SIMPLE_ICONS_VERSION = JSON.parse(
  fs.readFileSync(path.join(iconsDir, '..', 'package.json'), 'utf8'),
).version;

/**
 * Templates whose simple-icons mark is not found by their id or name: the template id and the
 * mark's slug. `null` where a mark of the same name belongs to another brand.
 */
const SLUG_OVERRIDES = {
  'adguard-home': 'adguard',
  cloudflared: 'cloudflare',
  'gitlab-ce': 'gitlab',
  'joplin-server': 'joplin',
  'onlyoffice-documentserver': 'onlyoffice',
  // simple-icons' Flood is the load-testing service flood.io, not the torrent client's web UI.
  flood: null,
  plausible: 'plausibleanalytics',
  // The Matrix homeserver: simple-icons has Matrix's mark, not Synapse's own.
  synapse: 'matrix',
};

/** Licences of an icon's own source (besides the package's CC0) that let us ship it unchanged. */
const SHIPPABLE_ICON_LICENCES = /^(CC0-1\.0|Unlicense|MIT|Apache-2\.0|BSD-[23]-Clause|CC-BY-[0-9.]+)$/;

/** The comment inside every letter mark: how the catalog check counts them. */
export const LETTER_MARK_COMMENT = '<!-- Letter mark: simple-icons has no mark for this app. -->';

/** Tile colours of letter marks, each dark enough for white letters (contrast above 4.5:1). */
const LETTER_MARK_COLOURS = [
  '#2B6CB0',
  '#2F855A',
  '#C05621',
  '#6B46C1',
  '#B83280',
  '#2C7A7B',
  '#C53030',
  '#4A5568',
  '#975A16',
  '#2A4365',
  '#553C9A',
  '#285E61',
];

const DARK_GLYPH = '#1A202C';

const normalise = (text) =>
  text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Every simple-icons entry by the normalised forms of its slug, title and aliases. */
export function indexIcons() {
  const index = new Map();
  const add = (key, icon) => {
    if (key && !index.has(key)) index.set(key, icon);
  };
  for (const icon of icons) add(getIconSlug(icon), icon);
  for (const icon of icons) add(normalise(icon.title), icon);
  for (const icon of icons) {
    for (const alias of [...(icon.aliases?.aka ?? []), ...Object.values(icon.aliases?.loc ?? {})]) {
      add(normalise(alias), icon);
    }
  }
  return index;
}

/** The simple-icons entry of a template ({id, name}), or null when it has none we may ship. */
function brandIconFor(template, index = indexIcons()) {
  let icon;
  if (template.id in SLUG_OVERRIDES) {
    const slug = SLUG_OVERRIDES[template.id];
    if (slug === null) return null;
    icon = icons.find((candidate) => getIconSlug(candidate) === slug);
    if (!icon)
      throw new Error(`SLUG_OVERRIDES names '${slug}' for '${template.id}', which simple-icons lacks`);
  } else {
    icon = index.get(normalise(template.id)) ?? index.get(normalise(template.name));
  }
  if (!icon) return null;
  if (icon.license && !SHIPPABLE_ICON_LICENCES.test(icon.license.type)) return null;
  return icon;
}

function relativeLuminance(hex) {
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The brand mark in white (or dark, on light brand colours) on a tile of the brand's colour. */
function brandMarkSvg(icon) {
  const luminance = relativeLuminance(icon.hex);
  const whiteContrast = 1.05 / (luminance + 0.05);
  const darkContrast = (luminance + 0.05) / (relativeLuminance(DARK_GLYPH.slice(1)) + 0.05);
  const glyph = whiteContrast >= darkContrast ? '#FFFFFF' : DARK_GLYPH;
  // A near-white tile would vanish on a white card: give it an edge.
  const edge = luminance > 0.85 ? ' stroke="#CBD5E0" stroke-width="2"' : '';
  const iconPath = svgToPath(fs.readFileSync(path.join(iconsDir, `${getIconSlug(icon)}.svg`), 'utf8'));
  const licence = icon.license ? `, icon licence ${icon.license.type}` : '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    `<!-- ${escapeXml(icon.title)} brand mark: simple-icons ${SIMPLE_ICONS_VERSION} (CC0-1.0${licence}). -->`,
    `<rect width="64" height="64" rx="14" fill="#${icon.hex}"${edge}/>`,
    // The 24x24 icon scaled to 36x36, centred.
    `<path transform="translate(14 14) scale(1.5)" fill="${glyph}" d="${iconPath}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Up to two letters: the initials of the first two words (camelCase counts), else two letters. */
function initials(name) {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0][0].toUpperCase() + (words[0][1] ?? '').toLowerCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

function letterMarkSvg(template) {
  const hash = createHash('sha256').update(template.id).digest();
  const colour = LETTER_MARK_COLOURS[hash[0] % LETTER_MARK_COLOURS.length];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">',
    LETTER_MARK_COMMENT,
    `<rect width="64" height="64" rx="14" fill="${colour}"/>`,
    '<text x="32" y="41" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="24" ' +
      `font-weight="700" fill="#FFFFFF">${escapeXml(initials(template.name))}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

function escapeXml(text) {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** {id, name} of every folder of a catalog root's templates/ (folders without a readable template.json are skipped). */
function readTemplateNames(root = catalogDir) {
  const templatesDir = path.join(root, 'templates');
  return fs
    .readdirSync(templatesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) => {
      try {
        const { id, name } = JSON.parse(
          fs.readFileSync(path.join(templatesDir, folder, 'template.json'), 'utf8'),
        );
        return [{ id: typeof id === 'string' ? id : folder, name: typeof name === 'string' ? name : folder }];
      } catch (error) {
        console.error(`skipped ${folder}: template.json cannot be read (${error.message})`);
        return [];
      }
    });
}

/** The logo of a template ({id, name}): its SVG text and the simple-icons entry drawn (null: a letter mark). */
export function logoFor(template, index = indexIcons()) {
  const icon = brandIconFor(template, index);
  return { svg: icon ? brandMarkSvg(icon) : letterMarkSvg(template), icon };
}

function writeLogos() {
  const index = indexIcons();
  const letterMarks = [];
  const templates = readTemplateNames();
  for (const template of templates) {
    const { svg, icon } = logoFor(template, index);
    fs.writeFileSync(path.join(catalogDir, 'assets', `${template.id}.svg`), svg);
    if (icon) console.log(`${template.id}: ${icon.title} (${icon.source})`);
    else letterMarks.push(template.id);
  }
  console.log(
    `\n${templates.length} logos written, ${letterMarks.length} letter marks: ${letterMarks.join(', ')}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) writeLogos();
