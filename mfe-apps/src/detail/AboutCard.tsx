import { Card, CardBody, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { CatalogItem } from 'shared';

/** 'About' beside an app from the catalog (wide screens): its links and license; hidden when it has none. */
export function AboutCard({ item }: { item: CatalogItem }) {
  const links = [
    { label: 'Homepage', href: item.homepage_url },
    { label: 'Repository', href: item.repository_url },
    { label: 'Documentation', href: item.documentation_url },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));
  if (links.length === 0 && !item.license) return null;
  return (
    <Card
      variant="outline"
      w="280px"
      flexShrink={0}
      display={{ base: 'none', xl: 'block' }}
      aria-label="About"
    >
      <CardBody>
        <Heading size="sm" mb={3}>
          About
        </Heading>
        <Stack spacing={2} fontSize="sm">
          {links.map((link) => (
            <Link key={link.label} href={link.href} isExternal color="blue.600">
              {link.label}
            </Link>
          ))}
          {item.license && (
            <Text>
              License:{' '}
              {item.license_url ? (
                <Link href={item.license_url} isExternal color="blue.600">
                  {item.license}
                </Link>
              ) : (
                item.license
              )}
            </Text>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}
