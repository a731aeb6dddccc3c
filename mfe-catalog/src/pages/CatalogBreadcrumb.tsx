import { Breadcrumb, BreadcrumbItem, BreadcrumbLink } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** 'Apps Catalog' (links to the catalog), then the current page. */
export function CatalogBreadcrumb({ current }: { current: string }) {
  return (
    <Breadcrumb mb={4}>
      <BreadcrumbItem>
        <BreadcrumbLink as={RouterLink} to="/catalog">
          Apps Catalog
        </BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem isCurrentPage>
        <BreadcrumbLink>{current}</BreadcrumbLink>
      </BreadcrumbItem>
    </Breadcrumb>
  );
}
