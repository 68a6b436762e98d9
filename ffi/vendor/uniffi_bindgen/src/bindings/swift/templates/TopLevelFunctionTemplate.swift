{%- call swift::func_decl("public func", func, 0) %}{% endcall %}
