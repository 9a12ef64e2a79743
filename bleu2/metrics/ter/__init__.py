"""TER, the translation edit rate (Snover et al. 2006): normalization, shifts, results."""
