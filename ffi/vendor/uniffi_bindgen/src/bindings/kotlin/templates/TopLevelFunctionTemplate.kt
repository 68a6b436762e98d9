{%- call kt::func_decl("", func, 8) %}{% endcall %}
