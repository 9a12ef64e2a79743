"""chrF and chrF++ (Popović 2015, 2017): options, n-gram statistics, scoring, results."""
