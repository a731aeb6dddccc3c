/** Recommended hosting providers of the connection dialog: description, logo, colour, partner link. */
export interface HostingProvider {
  id: string;
  name: string;
  description: string;
  /** Brand colour of the tab and call to action. */
  colour: string;
  partnerUrl: string;
  /** Short mark drawn in the provider's colour (no third-party images are shipped). */
  mark: string;
  highlights: string[];
}

export const HOSTING_PROVIDERS: HostingProvider[] = [
  {
    id: 'hetzner',
    name: 'Hetzner',
    description:
      'German cloud with excellent price/performance and data centers in Europe, the US and Singapore.',
    colour: '#D50C2D',
    partnerUrl: 'https://www.hetzner.com/cloud',
    mark: 'H',
    highlights: ['From 2 vCPU / 4 GB RAM', 'EU and US locations', 'Hourly billing'],
  },
  {
    id: 'digitalocean',
    name: 'DigitalOcean',
    description: 'Developer-friendly Droplets with a simple control panel and predictable monthly pricing.',
    colour: '#0080FF',
    partnerUrl: 'https://www.digitalocean.com/products/droplets',
    mark: 'DO',
    highlights: ['Droplets in 1 minute', '15 regions worldwide', 'Simple pricing'],
  },
  {
    id: 'vultr',
    name: 'Vultr',
    description:
      'High-frequency compute in 30+ locations, a good fit when you need a server close to your users.',
    colour: '#007BFC',
    partnerUrl: 'https://www.vultr.com/products/cloud-compute/',
    mark: 'V',
    highlights: ['30+ locations', 'NVMe storage', 'Hourly billing'],
  },
  {
    id: 'linode',
    name: 'Akamai (Linode)',
    description: 'Linode compute instances on Akamai’s network, with long-standing Linux expertise.',
    colour: '#00A95C',
    partnerUrl: 'https://www.linode.com/products/shared/',
    mark: 'L',
    highlights: ['Shared and dedicated CPU', 'Global edge network', 'Free transfer included'],
  },
  {
    id: 'ovhcloud',
    name: 'OVHcloud',
    description: 'European provider with affordable VPS plans, unmetered traffic and anti-DDoS protection.',
    colour: '#000E9C',
    partnerUrl: 'https://www.ovhcloud.com/en/vps/',
    mark: 'OVH',
    highlights: ['Unmetered traffic', 'Anti-DDoS included', 'EU data sovereignty'],
  },
];

export const SERVER_REQUIREMENTS = 'Ubuntu 22.04+ or Debian 12+; minimum 1 vCPU and 2GB RAM recommended.';

/** The agent install command for this Dockhand host. */
export function installCommand(origin: string): string {
  return `curl -fsSL ${origin}/install.sh | sudo bash`;
}
