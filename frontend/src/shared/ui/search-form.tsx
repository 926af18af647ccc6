import { Box, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../lib/search-path';

interface SearchFormProps {
  initialTerm?: string;
  size?: InputProps['size'];
  label?: string;
}

/** Submits the trimmed, URL-encoded term to /search?q=; blank terms are ignored. */
export function SearchForm({ initialTerm = '', size = 'md', label = 'Search products' }: SearchFormProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState(initialTerm);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(term);
    if (path) navigate(path);
  };

  return (
    <Box as="form" role="search" aria-label={label} onSubmit={submit} width="full">
      <InputGroup
        endElement={
          <IconButton type="submit" aria-label="Search" variant="ghost" size="xs" marginEnd="-2">
            <LuSearch />
          </IconButton>
        }
      >
        <Input
          type="search"
          aria-label={label}
          placeholder="Search products..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          bg="bg.panel"
          size={size}
          borderRadius="full"
        />
      </InputGroup>
    </Box>
  );
}
