import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list's filter: a labelled select whose first choice is "all" (`allValue`, '' unless said) and
 * then the options. Labelled for assistive technology by its visible label (`id`-label).
 */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  allValue = '',
  options,
  testId,
  sx = { minWidth: 220 },
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  allValue?: string;
  options: readonly FilterOption[];
  testId: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        <MenuItem value={allValue}>{allLabel}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
