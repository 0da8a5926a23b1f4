import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/**
 * The small search box of the list screens (/orders, /sales, /notifications): a text field with a
 * search icon in front. The `testId` goes on the <input> itself (not the MUI wrapper), which is
 * what the browser tests type into.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  testId,
  sx,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': testId },
      }}
    />
  );
}
