import { Box, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '../../shared/lib/search-path';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(term);
    if (path) navigate(path);
  };

  return (
    <Box as="form" role="search" onSubmit={submit} flex="1" maxWidth={{ sm: 'md' }}>
      <InputGroup
        endElement={
          <IconButton type="submit" aria-label="Search" variant="ghost" size="xs" marginEnd="-2">
            <LuSearch />
          </IconButton>
        }
      >
        <Input
          aria-label="Search products"
          placeholder="Search products..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          bg="white"
          size="sm"
          borderRadius="full"
        />
      </InputGroup>
    </Box>
  );
}
