import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from './categories-query';

export function useCategories() {
  return useQuery(categoriesQuery);
}
