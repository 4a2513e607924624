"""Ways results leave the program: terminal tables (console), Plotly figures (figures, shared with
the dashboard) and exports (export: HTML report, CSV, Parquet, PDF, PNG), each carrying its run's
manifest. What a person reads is written by one module (formatting) wherever it is shown."""
