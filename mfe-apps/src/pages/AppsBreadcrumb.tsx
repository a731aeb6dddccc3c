import { Breadcrumb, BreadcrumbItem, BreadcrumbLink } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** 'Apps' (links home), then the current page. */
export function AppsBreadcrumb({ current }: { current: string }) {
  return (
    <Breadcrumb mb={4}>
      <BreadcrumbItem>
        <BreadcrumbLink as={RouterLink} to="/">
          Apps
        </BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem isCurrentPage>
        <BreadcrumbLink>{current}</BreadcrumbLink>
      </BreadcrumbItem>
    </Breadcrumb>
  );
}
